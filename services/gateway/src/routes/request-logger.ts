import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const LEVEL_VALUES: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

type Bindings = Record<string, unknown>;
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger that costs nothing until something is logged at or above
 * its threshold: Fastify makes a pino child per request (and rebuilds its log
 * methods when a route has its own level), which on the proxy's hot path is a
 * measurable share of the gateway's CPU. The child is made on the first line due.
 */
class LazyRequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly threshold: number,
    readonly level: string,
  ) {}

  private get target(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings));
  }

  private emit(method: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', value: number, args: unknown[]): void {
    if (value >= this.threshold) (this.target[method] as LogFn)(...args);
  }

  fatal(...args: unknown[]): void {
    this.emit('fatal', 60, args);
  }
  error(...args: unknown[]): void {
    this.emit('error', 50, args);
  }
  warn(...args: unknown[]): void {
    this.emit('warn', 40, args);
  }
  info(...args: unknown[]): void {
    this.emit('info', 30, args);
  }
  debug(...args: unknown[]): void {
    this.emit('debug', 20, args);
  }
  trace(...args: unknown[]): void {
    this.emit('trace', 10, args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.target.child(bindings, options);
  }
}

/** A Fastify child-logger factory making lazy request loggers that log from `level` up. */
export function lazyRequestLoggers(level: LogLevel): Parameters<FastifyInstance['setChildLoggerFactory']>[0] {
  const threshold = LEVEL_VALUES[level];
  return (logger, bindings) => new LazyRequestLogger(logger, bindings, threshold, level) as unknown as FastifyBaseLogger;
}
