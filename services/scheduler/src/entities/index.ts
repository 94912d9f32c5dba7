import { AutoSchedules1763700004100 } from '../migrations/1763700004100-auto-schedules.js';
import { AutoSchedule } from './auto-schedule.entity.js';

export const entities = [AutoSchedule];
export const migrations = [AutoSchedules1763700004100];
