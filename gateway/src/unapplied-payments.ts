/**
 * PAY-13: `unapplied_payments`, the number of providers' payments PAY-10 kept unapplied (money to refund),
 * read from the upstream when Prometheus scrapes, so that an alert (`unapplied_payments > 0`) tells an operator to
 * open the list (`GET /api/admin/payment/unapplied`). Read at scrape time, not counted here: the upstream's table is
 * the truth, every replica reports the same figure, and a restart loses nothing.
 */
import { Gauge, type Registry } from 'prom-client';
import type { RestClient } from './rest/client';

/** A scrape waits no longer than this for the figure; Prometheus's own scrape time-out is 10 s. */
const READ_TIMEOUT_MS = 2000;

export function countUnappliedPayments(registry: Registry, client: RestClient): void {
  const session = client.session({ authorization: null, cookie: null, clientAddress: null }, []);
  const read = async (): Promise<{ count: number; amount: number }> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('unapplied payments not read in time')), READ_TIMEOUT_MS);
    });
    try {
      return (await Promise.race([session.get('/api/ops/payments/unapplied'), late])).data;
    } finally {
      clearTimeout(timer);
    }
  };
  // Prometheus reads both gauges of one scrape at once: they share one call, made at most once a second.
  let latest: { at: number; figures: Promise<{ count: number; amount: number }> } | undefined;
  const figures = () => {
    if (latest === undefined || Date.now() - latest.at > 1000) {
      // Unknown is NaN, not 0: an alert on `> 0` must not read an outage as "nothing to refund".
      latest = { at: Date.now(), figures: read().catch(() => ({ count: Number.NaN, amount: Number.NaN })) };
    }
    return latest.figures;
  };
  new Gauge({
    name: 'unapplied_payments',
    help: 'Providers payments kept unapplied for a refund (PAY-10, PAY-13); NaN when the upstream did not answer.',
    registers: [registry],
    async collect() {
      this.set((await figures()).count);
    },
  });
  new Gauge({
    name: 'unapplied_payments_fen',
    help: 'Sum in fen of the payments kept unapplied (PAY-10); NaN when the upstream did not answer.',
    registers: [registry],
    async collect() {
      this.set((await figures()).amount);
    },
  });
}
