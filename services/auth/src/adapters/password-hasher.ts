import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane):
 * about 20-30 ms a hash on this class of machine, which bounds a login flood
 * per core while keeping an honest login quick.
 */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
