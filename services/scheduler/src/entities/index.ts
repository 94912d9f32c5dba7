import { AutoSchedules1763700004100 } from '../migrations/1763700004100-auto-schedules.js';
import { Publications1764200000000 } from '../migrations/1764200000000-publications.js';
import { ScheduleSlots1764300000000 } from '../migrations/1764300000000-schedule-slots.js';
import { AutoSchedule } from './auto-schedule.entity.js';
import { PublicationAttempt } from './publication-attempt.entity.js';
import { Publication } from './publication.entity.js';
import { SandboxPost } from './sandbox-post.entity.js';
import { ScheduleSlot } from './schedule-slot.entity.js';

export const entities = [AutoSchedule, Publication, PublicationAttempt, SandboxPost, ScheduleSlot];
export const migrations = [AutoSchedules1763700004100, Publications1764200000000, ScheduleSlots1764300000000];
