import { ConnectionMessages, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from '@planner/contracts';
import { PlatformError } from './platform-error.js';

/** A token the connection must have; without one it must be connected again (auth: the worker asks organizations once for fresh credentials). */
export function requiredToken(platform: ConnectionPlatform, token: string | null): string {
  if (!token) throw new PlatformError('auth', ConnectionMessages.reconnectNeeded(PLATFORM_DISPLAY_NAMES[platform]));
  return token;
}
