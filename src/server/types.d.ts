/** Decorators and route config this app adds to Fastify (declaration merging). */
import 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { AreaCatalogue } from './domains/areas';
import type { AttachmentStore } from './domains/attachments';
import type { AuthUser, GroupReferences } from './domains/role-groups';
import type { SlaPolicy } from './domains/sla';
import type { DomainEvents } from './lib/domain-events';
import type { ClusterEvents } from './plugins/cluster-events';
import type { MailWorker, NotificationStreams } from './plugins/notifications';
import type { PortalEvents } from './plugins/domains';
import type { RoutePermission } from './plugins/auth/route-permission';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    /** Where attachment bytes are kept (plugins/attachment-store.ts; ATTACHMENTS_URL). */
    attachmentStore: AttachmentStore;
    /** The live form-area catalogue (domains/areas/catalogue.ts): `list` and `get` read its current snapshot. */
    areas: AreaCatalogue;
    /** What this node tells the other API nodes on one PostgreSQL, and hears from them (plugins/cluster-events.ts). */
    cluster: ClusterEvents;
    /** The domain-event bus (plugins/domains.ts). */
    events: DomainEvents<PortalEvents>;
    /** Checks that name what uses a role group before it may be deleted (plugins/domains.ts). */
    groupReferences: GroupReferences;
    /** The service-level policy read from `config/sla.json` at start (plugins/sla.ts). */
    slaPolicy: SlaPolicy;
    /** The app's clock, epoch ms (`BuildOptions.now`, default `Date.now`): service-level times read it. */
    now: () => number;
    /** The open notification streams of this node (plugins/notifications.ts). */
    notificationStreams: NotificationStreams;
    /** Delivers the mail outbox (plugins/notifications.ts). */
    mailWorker: MailWorker;
    /** Public signing keys of the built-in identity provider (absent with an external issuer). */
    builtinJwks?: JSONWebKeySet;
  }
  interface FastifyRequest {
    /** The signed-in user; set by the auth hook on every non-public /api route. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** What the route needs; required on every /api route, enforced by the auth hook (plugins/auth/route-permission.ts). */
    permission?: RoutePermission;
    /** The route takes a multipart/form-data body (file uploads); every other /api body must be JSON. */
    multipart?: boolean;
  }
}
