/** Public and profile routes: health, sign-in settings, API description and docs, /api/me, properties, areas. */
import { everyone, signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/health', url: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/auth/config', url: '/api/auth/config', expect: everyone(200) },
  { method: 'GET', route: '/api/openapi.json', url: '/api/openapi.json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs', url: '/api/docs', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/', url: '/api/docs/', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/static/index.html', url: '/api/docs/static/index.html', expect: everyone(302) },
  {
    method: 'GET',
    route: '/api/docs/static/swagger-initializer.js',
    url: '/api/docs/static/swagger-initializer.js',
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/docs/*', url: '/api/docs/static/swagger-ui.css', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/json', url: '/api/docs/json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/yaml', url: '/api/docs/yaml', expect: everyone(200) },
  { method: 'GET', route: '/api/me', url: '/api/me', expect: signedIn(200) },
  { method: 'GET', route: '/api/properties', url: '/api/properties', expect: signedIn(200) },
  { method: 'GET', route: '/api/areas', url: '/api/areas', expect: signedIn(200) },
  { method: 'GET', route: '/api/areas/:key', url: '/api/areas/AP', expect: signedIn(200) },
];
