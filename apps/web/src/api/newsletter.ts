import type { NewsletterSignup } from '@campwise/contract/newsletter';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (body: NewsletterSignup) => apiRequest('POST', '/api/newsletter', body),
  });
}
