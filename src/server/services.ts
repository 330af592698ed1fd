import type { Config } from './config';
import type { PaymentAdapter } from './domain/payments/paymentAdapter';
import type { RtpEligibilityChecker } from './domain/payments/rtpEligibility';
import { createSandboxPaymentAdapter } from './domain/payments/sandboxPaymentAdapter';
import { createSandboxRtp } from './domain/payments/sandboxRtp';
import type { MailSettings } from './jobs/mailDelivery';
import type { Db } from './store/db';

// The services of the outside world the server talks to, built once here and handed to the routes, the
// jobs and the start-up work: a real payment processor or bank check is a change of this file alone. The
// clock and the job runner are made beside them in server.ts. (The demo's year runs on a sandbox of its own
// under its moved clock: src/server/seed.)
export interface Services {
  // Cards and bank accounts: tokens, charges and refunds.
  payments: PaymentAdapter;
  // Whether an agency's bank account can receive real-time payments (commission payouts).
  rtp: RtpEligibilityChecker;
  // Where the outbox is delivered.
  mail: MailSettings;
}

// `db` is the connections requests are served through: the sandbox keeps its books in the database.
export function createServices(db: Db, config: Config): Services {
  return {
    payments: createSandboxPaymentAdapter({ db }),
    rtp: createSandboxRtp(),
    mail: {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      unsetIsExpected: config.mode === 'sandbox',
    },
  };
}
