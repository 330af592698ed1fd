import { addDays, startOfBusinessDay } from '../../../calendar';
import type { DailyWork } from '../../jobs/dailyWork';

// Days a recording is kept when the server does not say (SESSION_RECORDING_RETENTION_DAYS).
export const DEFAULT_RECORDING_RETENTION_DAYS = 30;

// Daily work (docs/jobs.md): a recording started before the start of the business day N days before the day
// worked is deleted with its chunks. Dated by the business clock, so a skipped day's run deletes what that
// day would have, and running a day twice deletes nothing more.
export const sessionRecordingRetention: DailyWork = {
  name: 'session-recording-retention',
  title: 'Delete session recordings past their retention',
  async run({ db, businessDate, sessionRecordingRetentionDays }) {
    const days = sessionRecordingRetentionDays ?? DEFAULT_RECORDING_RETENTION_DAYS;
    const before = startOfBusinessDay(addDays(businessDate, -days));
    const deleted = await db
      .deleteFrom('session_recordings')
      .where('started_at', '<', before)
      .executeTakeFirst();
    return { deleted: Number(deleted.numDeletedRows) };
  },
};
