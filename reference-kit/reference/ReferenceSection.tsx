/**
 * One section of the reference (a tag, a heading of the description, an operation), as Redoc's
 * `ContentItem` renders it but without its children, which follow as sections of their own.
 *
 * When the page is hydrated, the section keeps the HTML the server rendered and is not rendered
 * by React at all until it comes near the viewport (./hydrationQueue): a reference holds hundreds
 * of operations and schemas, and rendering them all at once blocks a phone for seconds. Until
 * then the section is plain HTML, styled by the pre-rendered CSS (./modeCss): readable, with its
 * links and ids, so the menu's scroll tracking and links to `#operation/...` work on it. When it
 * wakes, React renders it afresh in place of that HTML, with the same result. For the same
 * reason, the browser skips a section's style and layout while it is off screen
 * (./ReferenceSection.module.css).
 *
 * On the server, and when the page is reached by client-side navigation (there is no HTML to
 * keep), sections render at once.
 */
import React from 'react';
import {OperationItem, Section, SectionItem, type ContentItemModel, type OperationModel} from 'redoc';
import {KEEP_SERVER_HTML, useRenderedNearViewport} from './keepServerHtml';
import styles from './ReferenceSection.module.css';

export type SectionModel = ContentItemModel & {items: ContentItemModel[]};

export default function ReferenceSection({item}: {item: SectionModel}): React.ReactElement {
  const {ref, rendered} = useRenderedNearViewport<HTMLDivElement>();
  const isOperation = item.type === 'operation';
  const content = rendered
    ? {children: isOperation ? <OperationItem item={item as unknown as OperationModel} /> : <SectionItem item={item} />}
    : KEEP_SERVER_HTML;
  return <Section ref={ref} id={item.id} className={styles.section} $underlined={isOperation} {...content} />;
}
