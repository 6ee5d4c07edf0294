/** Renders the markdown tree of lib/markdown as React elements (text only: no HTML from the server is trusted). */
import { Fragment } from 'react';
import { parseMarkdown, type Block, type Inline } from '../lib/markdown';
import styles from './markdown-view.module.css';

function InlineView({ parts }: { parts: Inline[] }) {
  return parts.map((part, index) => {
    switch (part.kind) {
      case 'strong':
        return <strong key={index}>{part.text}</strong>;
      case 'code':
        return <code key={index}>{part.text}</code>;
      case 'link':
        return part.href.startsWith('/') ? (
          <a key={index} href={part.href}>
            {part.text}
          </a>
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        );
      default:
        return <Fragment key={index}>{part.text}</Fragment>;
    }
  });
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === 'heading') {
    const Tag = (['h1', 'h2', 'h3'] as const)[block.level - 1]!;
    return (
      <Tag>
        <InlineView parts={block.content} />
      </Tag>
    );
  }
  if (block.kind === 'paragraph') {
    return (
      <p>
        <InlineView parts={block.content} />
      </p>
    );
  }
  const List = block.ordered ? 'ol' : 'ul';
  return (
    <List>
      {block.items.map((item, index) => (
        <li key={index}>
          <InlineView parts={item} />
        </li>
      ))}
    </List>
  );
}

export function MarkdownView({ source }: { source: string }) {
  return (
    <article className={styles.markdown}>
      {parseMarkdown(source).map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </article>
  );
}
