/** The bench's peer: a bare express server answering GET /health, in its own process (argv: port). */
import express from 'express';

const app = express();
app.get('/health', (_req, res) => res.json({ status: 'healthy' }));
app.listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('listening\n'));
