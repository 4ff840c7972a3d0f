// Import boundaries of src/server, enforced by eslint-plugin-import-x (docs/architecture.md
// "Server layers"). Zones are built from the folder list, so a new domain is covered at once.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SERVER = 'src/server';
const DOMAINS = `${SERVER}/domains`;

/** The domain folders under src/server/domains (read when ESLint loads its config). */
export function serverDomains(root) {
  return readdirSync(join(root, DOMAINS), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** `no-restricted-paths` zones for the server's layers (see the messages). */
export function serverZones(root) {
  const domains = serverDomains(root);
  const faces = domains.map((domain) => `./${domain}/index.ts`);
  return [
    {
      target: `${SERVER}/lib`,
      from: [`${SERVER}/domains`, `${SERVER}/routes`, `${SERVER}/plugins`, `${SERVER}/db`, `${SERVER}/seed`],
      message: 'lib/ holds generic code only: it imports no domain, route, plugin, table or seed.',
    },
    {
      target: `${SERVER}/db`,
      from: [`${SERVER}/domains`, `${SERVER}/routes`, `${SERVER}/plugins`, `${SERVER}/seed`],
      message: 'db/ (tables, client, migrations) imports no domain, route, plugin or seed.',
    },
    {
      target: DOMAINS,
      from: [`${SERVER}/routes`, `${SERVER}/plugins`, `${SERVER}/seed`, `${SERVER}/app.ts`, `${SERVER}/server.ts`],
      message: 'A domain never imports routes, plugins, seeding or the app: those call domains, not the other way.',
    },
    ...domains.map((domain) => ({
      target: `${DOMAINS}/${domain}`,
      from: DOMAINS,
      except: [`./${domain}`, ...faces],
      message: `The ${domain} domain may use another domain only through that domain's index.ts.`,
    })),
    {
      target: [`${SERVER}/routes`, `${SERVER}/plugins`, `${SERVER}/seed`, `${SERVER}/app.ts`, `${SERVER}/server.ts`],
      from: DOMAINS,
      except: faces,
      message: "Outside a domain, import it only through its index.ts (the domain's public face).",
    },
    {
      target: `${SERVER}/routes`,
      from: [`${SERVER}/db/tables`, `${SERVER}/db/schema.ts`, `${SERVER}/seed`],
      message: 'Routes translate HTTP into one domain call: tables are read and written by domains.',
    },
  ];
}
