import { bookingLanguageOf } from '../../../shared/schemas/booking.ts';
import { wordsFor } from '../app-words.ts';

// The words of what the laboratory sends a client (mails, the certificate PDF) in the language the
// booking was made in (booking.language): keys of client-documents.json (`mail.…`, `pdf.…`), and
// `samples:` and `roles:` keys for the sample's own words and the laboratories named by their role.
export function clientWords(language: string | null | undefined) {
  return wordsFor(bookingLanguageOf(language), ['client-documents', 'samples', 'roles']);
}

export type ClientWords = ReturnType<typeof clientWords>;
