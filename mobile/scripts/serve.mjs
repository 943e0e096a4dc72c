// `npm run serve`: serves mobile/dist like crm does (SPA fallback to index.html, precompressed
// .gz when the client accepts gzip) and proxies /crm to CRM_API_URL (default
// http://127.0.0.1:8080). For trying the build without the Go server; not used in production.
import { createServer, request as httpRequest } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../dist');
const port = Number(process.env.PORT || 4173);
const api = new URL(process.env.CRM_API_URL || 'http://127.0.0.1:8080');
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json' };

createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/crm/') || url.pathname === '/crm') {
    const p = httpRequest({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    p.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(p);
    return;
  }
  let file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
  const headers = { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', Vary: 'Accept-Encoding' };
  headers['Cache-Control'] = file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const accept = req.headers['accept-encoding'] || '';
  if (/\bbr\b/.test(accept) && existsSync(`${file}.br`)) {
    headers['Content-Encoding'] = 'br';
    file = `${file}.br`;
  } else if (/\bgzip\b/.test(accept) && existsSync(`${file}.gz`)) {
    headers['Content-Encoding'] = 'gzip';
    file = `${file}.gz`;
  }
  res.writeHead(200, headers);
  createReadStream(file).pipe(res);
}).listen(port, '127.0.0.1', () => console.log(`serving ${dist} on http://127.0.0.1:${port} (API → ${api.origin})`));
