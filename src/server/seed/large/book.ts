import type { Trx } from '../../store/eventStore';
import type { Catalogue } from './catalogue';
import { addDays, type GeneratedStream } from './generatedStream';
import { reserveIds } from './loadStreams';
import { petSale, petsInSale, type Seller } from './petSale';
import { Random } from './random';
import { rentersSale } from './rentersSale';

export interface BookOptions {
  seed: number;
  // The share of sales that are pet policies; the rest are renters.
  petShare: number;
  // Sales are spread over this many days before today.
  days: number;
  today: string;
  // The day the book is billed to (billing.ts billingBookDate).
  bookDate: string;
}

interface PlannedSale {
  random: Random;
  pets: number;
  seller: Seller;
  soldOn: string;
}

// Sales `from` .. `from + count - 1` of the book: who sold what, when. Each sale draws from its own
// generator, so sale k is the same whatever the chunks are. Busy agencies sell much more than quiet ones.
function plan(sellers: readonly Seller[], from: number, count: number, options: BookOptions): PlannedSale[] {
  return Array.from({ length: count }, (_, i) => {
    const random = Random.of(options.seed, 1_000_000_000 + from + i);
    const pets = random.chance(options.petShare) ? petsInSale(random) : 0;
    const seller = sellers[Math.floor(random.next() ** 2 * sellers.length)]!;
    const soldOn = addDays(options.today, -random.int(1, options.days));
    return { random, pets, seller, soldOn };
  });
}

// The streams of `count` sales, with customer ids, policy numbers and matter ids reserved from the live
// sequences, and the number of policies they issue.
export async function bookChunk(
  trx: Trx,
  catalogue: Catalogue,
  sellers: readonly Seller[],
  from: number,
  count: number,
  options: BookOptions,
): Promise<{ streams: GeneratedStream[]; policies: number }> {
  const sales = plan(sellers, from, count, options);
  const petPolicies = sales.reduce((sum, s) => sum + s.pets, 0);
  const renters = sales.filter((s) => s.pets === 0).length;
  let customerId = await reserveIds(trx, 'customer_id_seq', sales.length);
  let petNumber = await reserveIds(trx, 'policy_number_seq', petPolicies);
  let matterId = await reserveIds(trx, 'policy_matter_seq', petPolicies);
  let rentersNumber = await reserveIds(trx, 'renters_policy_number_seq', renters);
  const streams: GeneratedStream[] = [];
  for (const sale of sales) {
    if (sale.pets > 0) {
      const numbers = Array.from({ length: sale.pets }, () => petNumber++);
      const matters = Array.from({ length: sale.pets }, () => matterId++);
      streams.push(
        ...petSale(
          sale.random,
          catalogue,
          sale.seller,
          { customerId: customerId++, policyNumbers: numbers, matterIds: matters },
          sale.soldOn,
          options.today,
          options.bookDate,
        ),
      );
    } else {
      streams.push(
        ...rentersSale(
          sale.random,
          catalogue,
          sale.seller,
          { customerId: customerId++, policyNumber: rentersNumber++ },
          sale.soldOn,
          options.today,
          options.bookDate,
        ),
      );
    }
  }
  return { streams, policies: petPolicies + renters };
}
