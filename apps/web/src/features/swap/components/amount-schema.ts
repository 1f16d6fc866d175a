import { decimalStringSchema } from '@qmgt/contracts';
import { z } from 'zod';
import { parseAmount } from '@/lib/money';

/** The amount field of the swap and sell forms: a decimal string of `asset`, above zero. */
export const amountFormSchema = (asset: 'USDT' | 'QMGT') =>
  z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Enter an amount')
      .pipe(decimalStringSchema)
      .refine((value) => (parseAmount(value, asset) ?? 0n) > 0n, 'Enter an amount above zero'),
  });

export type AmountForm = { amount: string };
