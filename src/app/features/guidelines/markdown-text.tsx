import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Administrator-written Markdown, rendered safely: react-markdown builds React elements and never
 * injects HTML (raw HTML in the text is shown as text), and drops javascript: links. Loaded lazily
 * by the pages that show it, so the parser stays out of every other screen's bundle.
 */
export default function MarkdownText({ text }: { text: string }) {
  return (
    <div className="guidelines-text grid gap-3 text-sm leading-relaxed sm:text-base [&_a]:text-primary [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:ps-6 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-1.5 [&_th]:text-start [&_ul]:list-disc [&_ul]:ps-6">
      <Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>
    </div>
  );
}
