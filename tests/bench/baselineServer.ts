/**
 * The limit of the stack: a bare Express 5 app that answers the bench's requests with the very bytes the
 * events API sent, from memory (no database, no middleware). Run as a child: PORT and BASELINE_BODIES
 * (a JSON file mapping each request path to its base64 body).
 */
import fs from 'node:fs';
import http from 'node:http';
import express from 'express';

const bodies = new Map<string, Buffer>(
  Object.entries(JSON.parse(fs.readFileSync(process.env.BASELINE_BODIES!, 'utf8')) as Record<string, string>).map(
    ([path, base64]) => [path, Buffer.from(base64, 'base64')],
  ),
);

const app = express();
app.disable('x-powered-by');
app.get('/{*splat}', (req, res) => {
  const body = bodies.get(req.originalUrl);
  if (!body) {
    res.status(404).json({ error: { code: 'not_found', message: 'Não encontrado.' } });
    return;
  }
  res.type('application/json').send(body);
});

const server = http.createServer(app);
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
