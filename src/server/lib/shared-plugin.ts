import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its decorators and hooks apply to the whole app.
 * Fastify's documented `skip-override` property (Reference/Plugins.md "Handle the scope"), the
 * same thing fastify-plugin sets, without adding that package as a direct dependency.
 */
export function sharedPlugin(plugin: FastifyPluginAsync): FastifyPluginAsync;
export function sharedPlugin(plugin: FastifyPluginCallback): FastifyPluginCallback;
export function sharedPlugin(
  plugin: FastifyPluginAsync | FastifyPluginCallback,
): FastifyPluginAsync | FastifyPluginCallback {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
