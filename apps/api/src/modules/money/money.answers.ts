import type { ErrorName } from '@qmgt/contracts';
import { AppError } from '../../lib/errors.js';
import type { MoneyAnswer } from './money.engine.js';

/** The operation's result, or its refusal thrown as the error the client is answered with. */
export function acceptedOrThrow(answer: MoneyAnswer): MoneyAnswer {
  if (answer.error || answer.status !== 200) {
    const error = answer.error ?? {
      status: answer.status,
      name: 'ApplicationError',
      message: 'The operation was refused.',
      details: {},
    };
    throw new AppError(error.status, error.name as ErrorName, error.message, error.details);
  }
  return answer;
}
