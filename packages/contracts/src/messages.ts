/**
 * The spec's user-facing messages, word for word (part 1 §5, §8; part 2 §5, §8).
 * Services and the frontend import these; no service spells a message itself.
 */

export const SharedMessages = {
  rateLimited: (wait: string) => `Slow down, rate limit was reached. Please wait ${wait} before trying again.`,
  rateLimitedShort: 'Rate limit reached. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again later.',
  noResponse: 'Unable to connect to the server. Please check your connection or try again later.',
  serverUnreachable: 'Server is currently unreachable. Please check your connection and try again.',
  authenticationRequired: 'Authentication required. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  badRequest: 'Bad request. Please check your input.',
  serverError: 'A server error occurred. Please try again later.',
  sessionExpired: 'Your authentication has expired. Please log in again.',
  adminRequired: 'Unauthorized: Admin access required',
  /** What a user who is not an admin sees on an admin page (part 1 §5: /user-manage; the shell's RequireAdmin). */
  accessDenied: 'Access Denied! This page is only available to administrators.',
  pageNotFound: 'Page Not Found',
  noLogFiles: 'No log files found',
  /** Not worded by the spec: a path with a `..` segment or a broken escape. */
  invalidPath: 'The request path is not valid.',
  /** Not worded by the spec: a path part longer than any id or slug. */
  pathTooLong: 'The request path is too long.',
  /** Not worded by the spec: a multipart form cut short (no closing boundary), without a boundary, or not multipart at all. */
  formUnreadable: 'The form could not be read: it was cut short or is malformed. Please send it again.',
  /** Not worded by the spec: U+0000 cannot be stored in a text column (storable-text.ts). */
  nulCharacter: 'Text cannot contain the NUL character (U+0000).',
  /** Not worded by the spec: jsonb (every event record) cannot store half of a surrogate pair (storable-text.ts). */
  loneSurrogate: 'Text cannot contain a lone surrogate (an unpaired U+D800–U+DFFF).',
  /** Not worded by the spec: a request to another service larger than a NATS message may be. */
  requestTooLarge: 'The request is too large.',
} as const;

/** "N seconds" or "N minutes", as the rate-limit message words the wait. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

export const AuthMessages = {
  usernameTooLong: 'Username must be 30 characters or less',
  usernameCharacters: 'Username can only contain letters, numbers, dots (.) and underscores (_)',
  weakPassword: 'Please create a stronger password that meets all the requirements',
  weakPasswordChange: 'Please ensure your password meets all requirements.',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match.',
  resetPasswordTooShort: 'Password must be at least 8 characters long.',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
  securityCheckRequired: 'Please complete the security check',
  enterEmail: 'Please enter your email address',
  enterValidEmail: 'Please enter a valid email address',
  invalidVerificationLink: 'Invalid verification link. No token provided.',
  invalidCredentials: 'Invalid credentials.',
  loginFailed: 'Could not log in. Please try again later.',
  googleLoginFailed: 'Could not log in with Google. Please try again later.',
  emailTaken: 'Email already registered. Please select a different email.',
  usernameTaken: 'Username already taken. Please select a different username.',
  registrationFailed: 'Registration failed',
  recentlyDeleted: 'This account was recently deleted and cannot be registered again yet.',
  resendFailed: 'Failed to resend verification email. Please try again later.',
  alreadyVerified: 'Already verified',
  verifyFailed: 'Email verification failed. Please try again or contact support.',
  resetRequested: 'If your email is registered, you will receive a password reset link.',
  resetFailed: 'Failed to reset password. Please try again.',
  passwordChanged: 'Password changed successfully!',
  deleteFailed: 'Failed to delete account. Please try again.',
  accountDeleted: 'Account deleted successfully!',
  deleteConfirmationPhrase: 'DELETE MY ACCOUNT',
  banReasonRequired: 'Please provide a reason for banning this user',
  deactivateReasonRequired: 'Please provide a reason for deactivating this organization',
  noUserId: 'No user ID provided',
  userNotFound: 'User not found',
  /** Not worded by the spec: the admin's user search looks in the username, the e-mail or both. */
  userSearchField: 'search_by must be all, username or email.',
  /** Not worded by the spec: shown with the ban's reason and end. */
  accountBanned: 'Your account has been banned.',
  /** Not worded by the spec (issue 30 §4.12): after accountBanned, why and until when (docs/decisions/banned-login.md). */
  banReason: (reason: string) => `Reason: ${reason}.`,
  banEnds: (when: string) => `The ban ends on ${when}.`,
  banPermanent: 'The ban is permanent.',
  /** Not worded by the spec (part 1 §5: an integer of at least 1 hour; empty means permanent). */
  banDurationInvalid: 'Ban duration must be a whole number of hours, at least 1.',
  /** Not worded by the spec. */
  emailVerified: 'Email verified successfully!',
  /** Not worded by the spec (issue 30 §4.9): a verification link opened again once the address is verified. */
  emailAlreadyVerified: 'Your email address is already verified.',
  /** Not worded by the spec. */
  verificationSent: 'Verification email sent. Please check your inbox.',
  /** Not worded by the spec: too many resends for one e-mail. */
  tooManyResends: (minutes: number) => `Too many verification emails requested. Please try again in ${minutes} minutes.`,
  passwordResetDone: 'Password reset successful!',
  /** Not worded by the spec. */
  currentPasswordWrong: 'Current password is incorrect.',
  /** Not worded by the spec: the confirmation phrase did not match. */
  deleteConfirmationMismatch: 'Please type DELETE MY ACCOUNT to confirm.',
  /** Part 1 §8 words the client's text from hours_remaining; this is the server's. */
  recentlyDeletedWait: (hours: number) =>
    `This account was recently deleted and cannot be registered again for ${Math.floor(hours / 24)} days and ${hours % 24} hours.`,
} as const;

export const PostMessages = {
  selectPlatform: 'Please select at least one platform.',
  addText: 'Please add text content before scheduling the post.',
  addMedia: (type: string) => `Please add or generate ${type} media before scheduling the post.`,
  shortSingleFile: 'Short Video (Reels) can only contain a single video file.',
  storiesWithoutText: 'Stories are published without text content',
  editPromptRequired: 'Please provide an edit prompt',
  noOriginalRequest: 'No original request data found',
  scheduleNameRequired: 'Please enter a schedule name.',
  targetExceedsLimit: 'Target character count cannot exceed character limit',
  limitBelowTarget: 'Character limit cannot be less than target character count',
  businessDataWithContent: 'Cannot use Custom Business Data with Specific Post Content.',
  organizationIdMissing: 'Organization ID is missing.',
  noPostsForStatus: 'No posts found with the selected status.',
  noSchedules: 'No schedules set.',
  upgradeToSchedule: 'Upgrade your plan to schedule posts for later',
  upgradeForMedia: 'Upgrade your plan to unlock media generation with AI',
  invalidMediaType: 'Invalid media type',
  comingSoon: 'Coming Soon',
  publishedTo: (platforms: string) => `Post published successfully to ${platforms}!`,
  scheduledFor: (platforms: string) => `Post scheduled successfully for ${platforms}!`,
  publishFailed: 'Failed to publish post. Please try again.',
  publishInvalidResponse: 'Failed to publish post. The server returned an invalid response.',
  scheduleInvalidResponse: 'Failed to schedule post. The server returned an invalid response.',
  unexpectedError: 'An unexpected error occurred.',
  schedulingError: 'Error scheduling posts. Please try again.',
  updateFailed: 'Failed to update post. Please try again.',
  postUpdated: 'Post updated successfully!',
  mediaGenerated: 'Media generated successfully!',
  contentRegenerated: 'Content regenerated successfully!',
  contentUpdated: 'Content updated successfully!',
  contentGenerated: 'Content generated successfully!',
  approved: 'Post approved successfully!',
  rejected: 'Post rejected successfully!',
  deleted: 'Post deleted successfully!',
  regenerateFailed: 'Failed to regenerate content',
  magicEditFailed: 'Failed to perform magic edit',
  mediaGenerationFailed: 'An error occurred while generating media',
  /** Not worded by the spec: a platform refused the post ('Failed to publish:' is shown as is, part 2 §8). */
  publishFailedOn: (reasons: string) => `Failed to publish: ${reasons}`,
  /** Not worded by the spec: publish-now waited its bound without an outcome. */
  publishContinues: (platforms: string) =>
    `Publishing to ${platforms} is taking longer than usual. It continues, and the post shows its result in Post Review when done.`,
  /** Not worded by the spec (part 2 §5: business name required). */
  businessNameRequired: 'Please enter a business name.',
  /** Not worded by the spec (part 2 §5: content type required). */
  contentTypeRequired: 'Please choose a content type.',
  /** Not worded by the spec (part 2 §5: reject requires a reason). */
  rejectReasonRequired: 'Please give a reason for rejecting the post.',
  /** Not worded by the spec (part 2 §5: story requires a non-empty custom prompt). */
  storyPromptRequired: 'Please describe the story image in a custom prompt.',
  /** Not worded by the spec (part 2 §5: generate media needs a platform and a media type). */
  mediaGenerationNeedsPlatformAndType: 'Please choose a platform and a media type before generating media.',
  /** Not worded by the spec (part 2 §5: carousel at least 2). */
  carouselMinimum: 'A carousel needs at least 2 media files.',
  /** Not worded by the spec: a file over its type's size (part 2 §5 displayed specs). */
  fileTooLarge: (kind: string, limit: string) => `${kind} files can be at most ${limit}.`,
  /** Not worded by the spec: story videos last 3 to 60 s (part 2 §5). */
  storyVideoDuration: 'Story videos must last from 3 to 60 seconds.',
  /** Not worded by the spec. */
  unknownPlatform: (name: string) => `'${name}' is not a platform posts can be published to.`,
  /** Not worded by the spec: part 2 §4, published and rejected posts can only be deleted. */
  onlyDelete: (status: string) => `This post is ${status.replace('_', ' ')} and can only be deleted.`,
  /** Not worded by the spec: an action that does not apply to the post's status. */
  notAllowed: (action: string, status: string) => `A ${status.replace('_', ' ')} post cannot be ${action}.`,
  /** Not worded by the spec: a daily AI quota is used up. */
  quotaReached: (kind: 'content' | 'media', limit: number, resetsAt: string) =>
    `You have used your ${limit} ${kind} generations for today. The limit resets at ${resetsAt}.`,
  /** Not worded by the spec: a generation discarded from /organization/results (issue 36). */
  generationDiscarded: 'Generation discarded.',
  /** Not worded by the spec: /organization/results without any generation (issue 36). */
  noGenerations: 'No generations yet. Posts you generate in the Content Designer appear here.',
  /** Not worded by the spec: a plan without AI generation. */
  generationNotInPlan: 'Upgrade your plan to generate content with AI',
  /** Not worded by the spec: the model's provider refused or failed. */
  generationUnavailable: 'The AI service is not available right now. Please try again in a moment.',
  generationRateLimited: (wait: string) => `The AI service is busy. Please try again in ${wait}.`,
  generationRefused: 'The AI service declined this request. Please change the topic or wording and try again.',
  generationMisconfigured: 'The AI service is not configured correctly on this server. Please contact support.',
  /** Not worded by the spec: the model's reply was malformed twice. */
  generationReplyInvalid: 'The AI service returned an answer that could not be used. Please try again.',
  /** Not worded by the spec: the magic edit got no post to edit. */
  editPostRequired: 'Please provide the post to edit.',
  /** Not worded by the spec: an image needs something to show. */
  mediaPromptRequired: 'Please write the post or describe the image in a custom prompt before generating media.',
  /** Not worded by the spec: regenerate on a story, which is published without text (part 2 §5). */
  storyTextNotRegenerated: 'Stories are published without text content. Regenerate the story’s media instead.',
  /** Not worded by the spec: the post changed while its content was being regenerated. */
  changedWhileRegenerating: 'The post was changed while its content was being regenerated. Please try again.',
  /** Not worded by the spec: a schedule-for-later time that has passed. */
  scheduledTimeInPast: 'Please choose a time in the future.',
  scheduledTimeRequired: 'Please choose when to publish the post.',
  /** Not worded by the spec: a scheduled_time (schedule for later, a post's update) that is neither ISO 8601 with its offset nor the time picker's YYYY-MM-DDTHH:mm. */
  scheduledTimeInvalid: 'Please choose a valid date and time.',
  /** Not worded by the spec: a multipart form whose files come before its organization_id. */
  organizationIdBeforeFiles: 'Send organization_id before the media files.',
  /** Not worded by the spec: media_urls naming media this organization does not have. */
  mediaNotFound: 'Some of the chosen media could not be found. Please upload them again.',
  /** Not worded by the spec: a media link without login whose signature is wrong or whose time is up. */
  mediaLinkInvalid: 'This media link is invalid or has expired.',
  /** Not worded by the spec: a form with more files or fields than a post takes. */
  tooManyParts: 'Too many files or fields in one post.',
  /** Not worded by the spec: TikTok's guidelines give its privacy level no default, so a TikTok post is not published until the user chose one. */
  tiktokPrivacyRequired: 'Choose who can see the TikTok post.',
  /** Not worded by the spec: branded content chosen to be seen by the creator only, which TikTok refuses (`tiktokBrandedContentPrivate`). */
  tiktokBrandedContentPrivate: 'TikTok does not allow branded content visible only to the creator. Choose who else can see the TikTok post.',
  /** Not worded by the spec: branded content from an app TikTok has not audited, whose every post is seen by the creator only. */
  tiktokBrandedContentUnaudited: 'TikTok does not allow branded content visible only to the creator, and this app, not yet audited by TikTok, can post only that way.',
  /** Not worded by the spec: a form's platform_options that are not the per-platform choices. */
  platformOptionsInvalid: 'The TikTok or YouTube choices sent could not be read. Please choose them again.',
  /** Not worded by the spec: an auto-schedule's post still pending review when its slot came (part 2 §4: it is not published). */
  missedSlot: 'This post missed its scheduled time: it was still waiting for review. Approve it to publish it now, or choose a new time.',
  /** Not worded by the spec: an auto-schedule's post whose content could not be generated; it waits for review whatever the schedule says. */
  slotGenerationFailed: 'The content of this scheduled post could not be generated. Write it or regenerate it, then approve it.',
  /** Not worded by the spec: POST /posts/{id}/clear sent an approved post back to review. */
  sentBackToReview: 'Post sent back to review.',
  /** Not worded by the spec: POST /posts/{id}/retry queued the platforms that failed again. */
  retryQueued: 'Publishing is being tried again on the platforms that failed.',
  /** Not worded by the spec: a retry of some platforms only (POST /posts/{id}/retry with `platforms`). */
  retryQueuedOn: (platforms: string) => `Publishing is being tried again on ${platforms}.`,
  retryPlatformsRequired: 'Please choose the platforms to retry.',
  retryNotFailed: (platform: string) => `${platform} cannot be retried: publishing there has not failed.`,
  /** Not worded by the spec: GET /posts?status with a value outside part 2 §4's filters. */
  unknownStatusFilter: 'The status filter must be one of pending, approved, rejected, published, failed or all.',
  /** Not worded by the spec. */
  invalidPage: 'page must be a whole number of at least 1.',
  /** Not worded by the spec. */
  invalidPageSize: 'per_page must be a whole number from 1 to 100.',
} as const;

/** What the scheduler says about a publication (its reason). None is worded by the spec. */
export const PublishingMessages = {
  organizationInactive: 'The organization is inactive, so its posts are not published. Activate it, then retry.',
  notApproved: 'The post is no longer approved, so it was not published.',
  superseded: 'The post was edited after it was queued: its newer version is published instead.',
  rescheduled: 'The post was given a new time before it went out: it is published then.',
  deleted: 'The post was deleted, so it was not published.',
  inDoubt: (platform: string) =>
    `We could not confirm whether the post went out on ${platform}. Check the account, then confirm it was published or retry.`,
  gaveUp: (reason: string, attempts: number) => `${reason} (gave up after ${attempts} tries)`,
  tokenRefused: (platform: string) => `${platform} refused the connection's token. Connect ${platform} again, then retry.`,
  rateLimitedTooLong: (platform: string) => `${platform} kept refusing for its rate limit for a day. Retry later.`,
  missedTime: (why: string) => `Missed its time: ${why}, so it was queued again.`,
  jobLost: 'its queued job was lost',
  workerStopped: 'the worker publishing it stopped',
  waitingForRateLimit: (platform: string, at: string) => `Waiting for ${platform}'s publishing limit: next try at ${at}.`,
  retrying: (reason: string, at: string) => `${reason} Next try at ${at}.`,
  publicationNotFound: 'Publication not found.',
  onlyInDoubtConfirmed: 'Only a publication in doubt can be confirmed.',
  sandboxPostNotFound: 'Sandbox post not found.',
} as const;

/** Auto-schedules (part 2 §5, §8); the rules shared with posts (name, platform, media, characters) are in PostMessages. */
export const AutoScheduleMessages = {
  added: 'Schedule added successfully!',
  updated: 'Schedule updated successfully!',
  /** Part 2 §8 names the variants, not their words. */
  updatedRescheduled: 'Schedule updated successfully! Pending posts were rescheduled.',
  updatedContent: 'Schedule updated successfully! Content settings of pending posts were updated.',
  updatedRescheduledAndContent: 'Schedule updated successfully! Pending posts were rescheduled and their content settings updated.',
  deleted: 'Schedule deleted successfully!',
  deletedWithPosts: 'Schedule and all related posts deleted successfully!',
  /** Not worded by the spec. */
  activated: 'Schedule activated successfully!',
  paused: 'Schedule paused successfully!',
  /** Not worded by the spec: part 2 §6, auto-post needs can_use_auto_post (starter, pro, advanced, admin). */
  notInPlan: 'Upgrade your plan to use Auto-Post.',
  /** Not worded by the spec. */
  nameTooLong: 'Schedule names can be at most 200 characters.',
  /** Not worded by the spec: a schedule needs a weekday and time, or a date (part 2 §3). */
  timingRequired: 'Please choose a day and time, or a specific date.',
  dateOrWeekly: 'Please choose either a specific date or a day and time, not both.',
  dayOfWeekInvalid: 'Please choose a day of the week.',
  timeOfDayInvalid: 'Please choose a time of day as HH:MM.',
  /** Not worded by the spec: AI-generated media exists for image, carousel and story only (part 2 §5: 'Coming Soon' for the others). */
  aiMediaComingSoon: (type: string) => `AI-generated ${type} media is Coming Soon. Please upload ${type} media for this schedule.`,
  /** Not worded by the spec. */
  uploadInvalid: 'Each uploaded file needs a name and its data in base64.',
  uploadNotBase64: (name: string) => `The file ${name} could not be read: its data is not base64.`,
  activeRequired: 'Please say whether the schedule is active: true or false.',
  /** Not worded by the spec: another update dropped media this one keeps. */
  changedMeanwhile: 'This schedule was changed meanwhile. Please reload it and try again.',
} as const;

/** The statistics pages (part 2 §2, §8); which message says what is in docs/decisions/statistics-pages.md. */
export const StatisticsMessages = {
  errorTitle: 'Error Loading Statistics',
  empty: 'No Statistics Available',
  /** A load failure that gave no message. */
  loadFailed: 'Failed to load statistics',
  /** A load failure that is no API error (the page's own fault). */
  unexpected: 'An unexpected error occurred',
  /** Something thrown that is not even an Error. */
  unknown: 'Unknown error occurred',
  refreshFailed: 'Failed to refresh statistics',
  refreshed: 'Statistics refreshed successfully',
  noOrganization: 'No organization ID provided',
  connectionRestored: 'Connection restored. Click "Try Again" to load statistics.',
} as const;
