import type { Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type {
  PetQuoteEvent,
  ResumableStep,
  petQuoteJourneyMachine,
} from '../../src/machines/petQuoteJourney';
import { journeyStepPath } from '../../src/machines/petQuoteSteps';
import type { EntityApi } from '../support/entityApi';
import { journeyCustomer, quoteAtStep } from '../support/journeyQuotes';
import { QUOTE_UUID, customer, savedPets } from '../support/petQuoteSamples';
import { AGENT } from '../support/personas';
import { waitForPath } from './portalPage';
import {
  acceptConsents,
  answerQuestions,
  fillCard,
  fillStart,
  ratePets,
  waitForTotals,
  type JourneyPet,
} from './quoteJourneyPage';

type JourneySnapshot = SnapshotFrom<typeof petQuoteJourneyMachine>;

// The sample pets of the model (ids pet-rex, pet-tom, pet-bella) as the agent enters them.
const UI_PETS: Record<string, JourneyPet> = {
  'pet-rex': { name: 'Rex', species: 'Dog', breed: 'Beagle', age: '3', gender: 'Male' },
  'pet-tom': { name: 'Tom', species: 'Cat', breed: 'Abyssinian', age: '2', gender: 'Male' },
  'pet-bella': { name: 'Bella', species: 'Dog', breed: 'Mixed Breed (Medium)', age: '1', gender: 'Female' },
};
const petName = (id: string): string => UI_PETS[id]!.name;

const PAYING = '4242 4242 4242 4242';
const DECLINING = '4000 0000 0000 0002';
const NOT_LUHN = '4242 4242 4242 4241';

// A saved quote reopened at a step; its pets are the three samples as the server keeps them.
export function resumedAt(step: ResumableStep): PetQuoteEvent {
  const pets =
    step === 'ratingInfo' || step === 'underwritingQuestions'
      ? 'rated'
      : step === 'coverage'
        ? 'answered'
        : 'planned';
  return {
    type: 'quote.resumed',
    uuid: QUOTE_UUID,
    step,
    entityCode: null,
    customer,
    pets: savedPets(pets),
    policyNumbers: step === 'thankYou' ? ['PET-TX-00000001'] : [],
  };
}

// The Back button of each step, in the words of its screen.
const BACK_LABEL: Record<string, string> = {
  ratingInfo: 'Back',
  underwritingQuestions: 'Back',
  declined: 'Change the answers',
  coverage: 'Back',
  checkout: 'Back to coverage',
  paymentFailed: 'Back to checkout',
};

// Does each journey event in the portal the way an agent does, and reads each state off the screen.
export class JourneyDriver {
  private uuid: string | null = null;
  // A purchase held on its way to the server, so the screen can be seen while the charge runs.
  private held: Route | null = null;
  private unhold: (() => Promise<void>) | null = null;

  constructor(
    private readonly page: Page,
    private readonly api: EntityApi,
  ) {}

  async perform(
    event: PetQuoteEvent,
    before: JourneySnapshot,
    next: PetQuoteEvent | undefined,
  ): Promise<void> {
    const page = this.page;
    const state = String(before.value);
    switch (event.type) {
      case 'quote.started':
        await fillStart(page, journeyCustomer());
        await page.getByRole('button', { name: 'Continue to rating info' }).click();
        return;
      case 'quote.petsRated':
        // Back at rating info the saved pets are on the form already; the quote is rated again as it is.
        if (this.uuid === null) await ratePets(page, Object.values(UI_PETS));
        else await page.getByRole('form', { name: 'Rating information' }).waitFor();
        await page.getByRole('button', { name: 'Rate and continue' }).click();
        return;
      case 'quote.underwritingAnswered': {
        const pets = before.context.pets.map((p) => UI_PETS[p.id]!);
        await answerQuestions(page, pets, event.declinedPetIds.map(petName));
        await page.getByRole('button', { name: 'Save answers' }).click();
        return;
      }
      case 'quote.petRemoved': {
        const name = petName(event.petId);
        await page.getByRole('button', { name: `Remove ${name}` }).click();
        await page
          .getByRole('dialog', { name: `Remove ${name} from the quote?` })
          .getByRole('button', { name: `Remove ${name}` })
          .click();
        return;
      }
      case 'quote.coverageChosen':
        await waitForTotals(page);
        await page.getByRole('button', { name: 'Continue to checkout' }).click();
        return;
      case 'quote.fraudFlagged':
        // A disposable mailbox is what the fraud rule flags first (docs/purchase.md).
        await page.getByLabel('E-mail').fill(`casey.${Date.now()}@mailinator.com`);
        await this.pay(PAYING, false);
        return;
      case 'quote.fraudAcknowledged':
        await page.getByRole('button', { name: 'Acknowledge and continue' }).click();
        return;
      case 'quote.abandoned':
        await page.getByRole('button', { name: 'Abandon quote' }).click();
        await page
          .getByRole('dialog', { name: 'Abandon this quote?' })
          .getByRole('button', { name: 'Abandon quote' })
          .click();
        return;
      case 'quote.checkoutSubmitted':
        await this.pay(next?.type === 'quote.purchaseFailed' ? DECLINING : PAYING, true);
        return;
      case 'quote.paymentRetried':
        await page.getByRole('radio', { name: 'Another card or bank account' }).check();
        await this.pay(next?.type === 'quote.purchaseFailed' ? DECLINING : PAYING, true, 'Retry payment');
        return;
      case 'quote.purchaseSucceeded':
      case 'quote.purchaseFailed':
        await this.release();
        return;
      case 'quote.back':
        await page.getByRole('button', { name: BACK_LABEL[state]!, exact: true }).click();
        return;
      case 'quote.resumed': {
        const quote = await quoteAtStep(this.api, AGENT, event.step);
        this.uuid = quote.uuid;
        await page.goto(quote.route);
        return;
      }
      case 'quote.rejected':
        await this.refuse(state);
        return;
    }
  }

  // What each step refuses, and the message it shows; the agent stays where they are.
  private async refuse(state: string): Promise<void> {
    const page = this.page;
    switch (state) {
      case 'start':
        await page.getByRole('button', { name: 'Continue to rating info' }).click();
        await page.locator('[data-field-errors="zip"]').waitFor();
        return;
      case 'ratingInfo': {
        if (this.uuid === null) await ratePets(page, [UI_PETS['pet-rex']!]);
        await page.getByRole('group', { name: 'Pet 1' }).getByLabel('Age (years)').fill('25');
        await page.getByRole('button', { name: 'Rate and continue' }).click();
        await page.getByRole('alert').filter({ hasText: 'cannot be enrolled' }).waitFor();
        return;
      }
      case 'underwritingQuestions':
        await page.getByRole('form', { name: 'Underwriting answers' }).waitFor();
        await page.getByRole('button', { name: 'Save answers' }).click();
        await page.getByText('Answer every question for every pet.').waitFor();
        return;
      case 'coverage':
        await waitForTotals(page);
        await page.getByLabel('Discount code').fill('NOSUCHCODE');
        await page.getByText('This discount code is not valid.').waitFor();
        await expect(page.getByRole('button', { name: 'Continue to checkout' }).isDisabled()).resolves.toBe(
          true,
        );
        return;
      case 'checkout':
        await this.pay(NOT_LUHN, false);
        await page.getByText('The card number is not valid.').waitFor();
        return;
      case 'paymentFailed':
        await page.getByRole('radio', { name: 'Another card or bank account' }).check();
        await this.pay(NOT_LUHN, false, 'Retry payment');
        await page.getByText('The card number is not valid.').waitFor();
        return;
      default:
        throw new Error(`Nothing to refuse at ${state}`);
    }
  }

  private async pay(number: string, hold: boolean, button = 'Purchase'): Promise<void> {
    const page = this.page;
    await fillCard(page, { number });
    if (button === 'Purchase') await acceptConsents(page);
    const seen = hold ? this.holdPurchase() : null;
    await page.getByRole('button', { name: button }).click();
    await seen;
  }

  // Holds the next purchase or retry request until `release`, and resolves once it is held. The handler
  // stays installed until then: unrouting inside it would let the held request go on by itself.
  private holdPurchase(): Promise<void> {
    return new Promise((resolve) => {
      let armed = true;
      this.unhold = () => this.page.unroute('**/v1/quote/action', handler);
      const handler = async (route: Route, request: Request) => {
        const action = (request.postDataJSON() as { action?: string } | null)?.action;
        if (!armed || (action !== 'purchase' && action !== 'retryPayment')) return route.continue();
        armed = false;
        this.held = route;
        resolve();
      };
      void this.page.route('**/v1/quote/action', handler);
    });
  }

  private async release(): Promise<void> {
    const route = this.held;
    this.held = null;
    if (!route) throw new Error('No purchase is running');
    await route.continue();
    await this.unhold?.();
    this.unhold = null;
  }

  async finish(): Promise<void> {
    if (this.held) await this.release();
  }

  // The screen of the state, at its SPEC §2 route, showing what the state is about.
  async expectState(s: JourneySnapshot): Promise<void> {
    const page = this.page;
    const state = String(s.value);
    if (s.context.uuid !== null && this.uuid === null && state !== 'abandoned') {
      const step = journeyStepPath(state, 'x').split('/')[3]!;
      await page.waitForURL(
        (url) => new RegExp(`^/quotes/journey/${step}/[0-9a-f-]{36}$`).test(url.pathname),
        {
          timeout: 15_000,
        },
      );
      this.uuid = new URL(page.url()).pathname.split('/').pop()!;
    }
    await waitForPath(page, journeyStepPath(state, s.context.uuid === null ? null : this.uuid));
    const pets = s.context.pets.map((p) => petName(p.id));
    switch (state) {
      case 'start':
        await page.getByRole('form', { name: 'Start the quote' }).waitFor();
        return;
      case 'ratingInfo':
        await page.getByRole('form', { name: 'Rating information' }).waitFor();
        return;
      case 'underwritingQuestions':
        await page.getByRole('form', { name: 'Underwriting answers' }).waitFor();
        for (const name of pets) await page.getByRole('group', { name }).waitFor();
        // Back from the declined step stays on this path: wait for the banner to go rather than count at once.
        await page.getByText('Not every pet can be insured').waitFor({ state: 'hidden' });
        return;
      case 'declined': {
        await page.getByText('Not every pet can be insured').waitFor();
        const eligible = s.context.pets.some((p) => !p.declined);
        for (const p of s.context.pets) {
          const removable = p.declined && eligible;
          const remove = page.getByRole('button', { name: `Remove ${petName(p.id)}` });
          // The banner may render before the pets' buttons on a busy machine: wait for a button that should be
          // there, then count.
          if (removable) await remove.first().waitFor();
          await expect(remove.count()).resolves.toBe(removable ? 1 : 0);
        }
        return;
      }
      case 'coverage':
        await page.getByRole('form', { name: 'Coverage' }).waitFor();
        await waitForTotals(page);
        // A refused discount code shows under the code; the plans stay priced without it.
        if (Object.keys(s.context.errors).length > 0)
          await page.getByText('This discount code is not valid.').waitFor();
        for (const name of Object.values(UI_PETS).map((p) => p.name))
          await expect(page.getByRole('group', { name, exact: true }).count()).resolves.toBe(
            pets.includes(name) ? 1 : 0,
          );
        return;
      case 'checkout':
        await page.getByRole('form', { name: 'Checkout' }).waitFor();
        await page.getByRole('button', { name: 'Purchase' }).waitFor();
        await expect(page.getByText('Fraud warning', { exact: true }).count()).resolves.toBe(0);
        return;
      case 'fraudWarning':
        await page.getByText('Fraud warning', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Acknowledge and continue' }).waitFor();
        await expect(page.getByRole('button', { name: 'Purchase' }).count()).resolves.toBe(0);
        return;
      case 'purchasing': {
        const button = page.getByRole('button', { name: 'Processing payment…' });
        await button.waitFor();
        await expect(button.isDisabled()).resolves.toBe(true);
        return;
      }
      case 'paymentFailed':
        await page.getByText('Payment declined', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Retry payment' }).waitFor();
        return;
      case 'thankYou':
        await page.getByTestId('policy-number').first().waitFor();
        await expect(page.getByTestId('policy-number').count()).resolves.toBe(s.context.pets.length);
        return;
      case 'abandoned':
        return;
      default:
        throw new Error(`No screen check for ${state}`);
    }
  }
}
