/** What other services ask the scheduler over NATS (request/reply); payload `organizationScopedRequestSchema`. */
export const SchedulerRequests = {
  /** An organization's auto-schedules (part 2 §7 calendar-data, autopost-data). */
  listForOrganization: 'scheduler.auto_schedule.list_for_organization',
} as const;
