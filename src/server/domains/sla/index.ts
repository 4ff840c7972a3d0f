/**
 * Service levels (docs/behaviour.md "Service levels"): targets per area and priority in working
 * hours (`config/sla.json`), the working calendar, each ticket's clock (kept on its row through the
 * other domains' events) and the breach check that announces `slaBreaching`.
 */
export { addBusinessTime, businessTimeBetween, type BusinessCalendar } from './business-time';
export { checkSlaBreaches } from './check';
export { loadSlaConfig, parseSlaConfig, type SlaPolicy } from './config';
export type { SlaBreaching, SlaEvents } from './events';
export { advanceClockOnChange, advanceClockOnComment, startClockOnCreation } from './listeners';
