import { setupServer } from 'msw/node';
import { handlers, recordCall } from './handlers';

export const server = setupServer(...handlers);

server.events.on('request:start', ({ request }) => {
  void recordCall(request);
});
