import {
  VerifyBankAccountRequest,
  VerifyBankAccountScreen,
  VerifyBankAccountWire,
  type BankAccountSent,
} from '../../../api/schemas/bankAccounts';
import { parseBody } from '../errors';

// POST /v2/bank-accounts in the shape the client sent it (docs/payments.md "Bank account verification"):
// the portal's `{data: {...}}`, SPEC §3's wire `{routing_number, account_number}` or SPEC §7's
// `{routingNumber, accountNumber}`. The shape is told by its keys, so each is validated alone and a refusal
// names the fields as that client wrote them, never a union's "no shape matched".
export interface ParsedBankAccount {
  account: BankAccountSent;
  // The request's names of the fields a later check may refuse.
  fields: { entityId: string; routingNumber: string };
}

export function parseBankAccountBody(body: unknown): ParsedBankAccount {
  const object = typeof body === 'object' && body !== null ? body : {};
  if ('data' in object) {
    const { data } = parseBody(VerifyBankAccountRequest, body);
    return {
      account: {
        entityId: data.entity_id,
        routingNumber: data.routing_number,
        accountNumber: data.account_number,
        holderName: data.holder_name,
        accountType: data.account_type,
      },
      fields: { entityId: 'data.entity_id', routingNumber: 'data.routing_number' },
    };
  }
  if ('routingNumber' in object || 'accountNumber' in object) {
    return {
      account: parseBody(VerifyBankAccountScreen, body),
      fields: { entityId: 'entityId', routingNumber: 'routingNumber' },
    };
  }
  const wire = parseBody(VerifyBankAccountWire, body);
  return {
    account: {
      entityId: wire.entity_id,
      routingNumber: wire.routing_number,
      accountNumber: wire.account_number,
      holderName: wire.holder_name,
      accountType: wire.account_type,
    },
    fields: { entityId: 'entity_id', routingNumber: 'routing_number' },
  };
}
