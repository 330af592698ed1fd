import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  // The raw message: headers and body as the portal sent them.
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  // While set, every message is refused with this error (a mail server that is down for a while).
  refuseWith: string | null;
  close(): Promise<void>;
}

// A local SMTP server that keeps what it receives, for tests of mail delivery (smtp-server, no TLS, no auth).
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    received: [],
    refuseWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.refuseWith)
          return callback(Object.assign(new Error(sink.refuseWith), { responseCode: 451 }));
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
