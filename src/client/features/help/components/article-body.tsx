import type { ReactNode } from 'react';

/** Renders an article's plain format: blank-line paragraphs, "## " sub-headings and "- " list items. */
export function ArticleBody({ content }: { content: string }) {
  const blocks: ReactNode[] = [];
  content.split(/\n\s*\n/).forEach((block, i) => {
    const lines = block.split('\n');
    let list: string[] = [];
    const flush = (key: string) => {
      if (list.length) {
        blocks.push(
          <ul key={key} className="list-disc pl-6">
            {list.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>,
        );
        list = [];
      }
    };
    lines.forEach((line, j) => {
      if (line.startsWith('- ')) list.push(line.slice(2));
      else {
        flush(`${i}-${j}-list`);
        if (line.startsWith('## '))
          blocks.push(
            <h3 key={`${i}-${j}`} className="mt-2 font-semibold">
              {line.slice(3)}
            </h3>,
          );
        else if (line.trim()) blocks.push(<p key={`${i}-${j}`}>{line}</p>);
      }
    });
    flush(`${i}-end-list`);
  });
  return <div className="grid gap-2">{blocks}</div>;
}
