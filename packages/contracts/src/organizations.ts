import { z } from 'zod';

export const OrganizationMessages = {
  verifyEmailBefore: (action: string) => `Please verify your email address before ${action}`,
  planLimitReached: (n: number) =>
    `You have reached your plan limit of ${n} active accounts. Please deactivate an account or upgrade your plan.`,
  defaultDeactivationReason: 'User initiated deactivation',
  inactive: 'This account is inactive. Please activate it to configure.',
  verifyEmailBeforePlatforms: 'Please verify your email before configuring platforms',
  templateNameRequired: 'Template name is required',
  templateExists: (name: string) => `Template with name '${name}' already exists`,
  templateLimit: (n: number) => `Maximum template limit of ${n} reached`,
  cannotDeleteDefaultTemplate: 'Cannot delete the default template',
  platformNameRequired: 'Platform name is required',
  platformNameCharacters: 'Platform name must contain only letters, numbers, and underscores (no spaces)',
  telegramIdentifierRequired: 'Please enter your Telegram channel identifier.',
  telegramVerificationFailed: 'Verification failed. Please check the identifier and bot permissions.',
  reviewTimePositive: 'Please enter a valid positive number.',
  reviewTimeTooLong: 'Review time cannot exceed 43200 minutes (30 days).',
  noOrganizationSelected: 'No organization selected.',
  /** Not worded by the spec (part 1 §5: the name must not be blank). */
  nameRequired: 'Please enter an account name.',
  /** Not worded by the spec: PUT /organizations/{id} changes one field at a time (part 2 §7). */
  oneFieldAtATime: 'Please change one setting at a time: name, language or default_before_post_review_time.',
  /** Not worded by the spec. */
  unknownLanguage: 'Please choose one of the offered languages.',
} as const;

/** Events the organizations service publishes (subject → payload), merged into `eventSchemas`. */
export const organizationEventSchemas = {} as const satisfies Record<string, z.ZodType>;
