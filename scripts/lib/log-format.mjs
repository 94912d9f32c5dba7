// Turns the services' pino JSON lines into one readable line each for the terminal of `npm start`
// (the files under LOG_DIR keep the full JSON). Lines that are not pino JSON pass unchanged.
import { paint } from './common.mjs';

const LEVELS = { 10: ['TRACE', 'grey'], 20: ['DEBUG', 'grey'], 30: ['INFO ', 'green'], 40: ['WARN ', 'yellow'], 50: ['ERROR', 'red'], 60: ['FATAL', 'red'] };
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'service', 'msg', 'reqId', 'req', 'res', 'responseTime', 'pid', 'hostname', 'err']);

export function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number' || typeof entry.msg !== 'string') return line;
  const [label, colour] = LEVELS[entry.level] ?? ['LOG  ', 'grey'];
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  let text = entry.msg;
  if (entry.req) text = `→ ${entry.req.method} ${entry.req.url}`;
  if (entry.res) text = `← ${entry.res.statusCode} in ${Math.round(entry.responseTime ?? 0)} ms`;
  const extra = Object.entries(entry)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const error = entry.err ? `\n    ${entry.err.stack ?? entry.err.message ?? JSON.stringify(entry.err)}` : '';
  return `${paint('grey', time)} ${paint(colour, label)} ${text}${extra.length ? paint('grey', ` ${extra.join(' ')}`) : ''}${error}`;
}
