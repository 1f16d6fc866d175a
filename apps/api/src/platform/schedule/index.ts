/** The schedule: every periodic job, once per period across all processes, on a clock tests control. */
export { createScheduler, type Pass, type Scheduler } from './schedule.js';
export { default as schedulePlugin } from './schedule.plugin.js';
