import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument } from 'pdf-lib';

// A certificate of analysis is signed (PAdES, SubFilter ETSI.CAdES.detached) with the laboratory's
// key, so a reader's PDF viewer, or pdfsig, shows that it came from the laboratory and that not one
// byte changed since. Runs in the PDF worker thread (pdf-job.ts): opening the PKCS#12 file and the
// RSA signature are done in JavaScript by node-forge and take a noticeable part of a second.

/** The laboratory's key and certificate, as a PKCS#12 file and its passphrase. */
export type SigningIdentity = { p12: Uint8Array; passphrase: string };

export type SignatureDetails = { reason: string; name: string; location: string; contactInfo: string };

/**
 * Room kept in the PDF for the signature (bytes of DER; twice as many hex digits). A signature with
 * one 2048- or 4096-bit certificate takes 2–3 kB; a laboratory's PKCS#12 may carry its whole chain.
 */
const SIGNATURE_ROOM = 16_384;

/** Adds the empty signature field that `signPdf` fills; call just before saving the document. */
export function addSignaturePlaceholder(pdf: PDFDocument, details: SignatureDetails): void {
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    ...details,
    signatureLength: SIGNATURE_ROOM,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: details.name,
  });
}

/**
 * Saves a document that has a signature placeholder and signs it. Saved without object streams: the
 * signer finds the placeholder in the file's bytes, which a compressed object stream would hide.
 */
export async function saveSigned(pdf: PDFDocument, identity: SigningIdentity): Promise<Uint8Array> {
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const signer = new P12Signer(Buffer.from(identity.p12), { passphrase: identity.passphrase });
  return new Uint8Array(await new SignPdf().sign(unsigned, signer));
}
