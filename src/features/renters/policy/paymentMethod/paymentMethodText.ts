import type { RentersPaymentMethod } from '../../../../api/schemas/rentersPaymentMethods';

// How a method reads on the screen: its kind and last four, never more of the number.
export function methodLabel(method: Pick<RentersPaymentMethod, 'typeCode' | 'last4'>): string {
  return `${method.typeCode === 'bank' ? 'Bank account' : 'Card'} •••• ${method.last4}`;
}
