import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

describe('consultant page', () => {
  it('shows a guest the consultant with a referral link, its QR and a sign-up carrying the referral', async () => {
    server.use(
      http.get(apiUrl('/consultants/gold-advisor'), () =>
        HttpResponse.json({
          name: 'gold-advisor',
          displayName: 'Gold Advisor',
          bio: 'Twenty years in bullion.',
          pictureUrl: null,
          refCode: 'REF123',
        }),
      ),
    );
    renderApp('/Consultant/gold-advisor');
    expect(await screen.findByRole('heading', { name: 'Gold Advisor', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Twenty years in bullion.')).toBeInTheDocument();
    const link = `${window.location.origin}/register?ref=REF123`;
    expect(screen.getByText(link)).toBeInTheDocument();
    expect(screen.getByLabelText(`QR code of ${link}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?ref=REF123');
  });

  it('says so when there is no such consultant', async () => {
    server.use(
      http.get(apiUrl('/consultants/nobody'), () =>
        HttpResponse.json(apiErrorBody(404, 'Consultant not found.', 'NotFoundError'), { status: 404 }),
      ),
    );
    renderApp('/Consultant/nobody');
    expect(await screen.findByText('Consultant not found.')).toBeInTheDocument();
  });
});
