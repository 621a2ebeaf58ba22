/**
 * A code block of fixed text, highlighted at build time (./highlightLoader.ts): the theme's code
 * block (container, title, lines, copy and word-wrap buttons, the same markup) without Prism and
 * prism-react-renderer, which a page would otherwise load for a few lines of code. No magic
 * comments or line numbers: the text is shown as it is.
 *
 *   import snippet from '@site/src/data/some-snippet.ts.txt?highlight';
 *   <StaticCodeBlock code={snippet} title="docusaurus.config.ts" />
 */
import React from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {ThemeClassNames, useColorMode, useThemeConfig} from '@docusaurus/theme-common';
import {useCodeWordWrap} from '@docusaurus/theme-common/internal';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
// The theme's own classes, so that the block looks like every other code block.
import containerStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import type {HighlightedCode} from './highlightLoader';

interface Props {
  code: HighlightedCode;
  title?: string;
}

export default function StaticCodeBlock({code: {code, language, lines, styles: tokenStyles, plain, variables}, title}: Props): JSX.Element {
  // The server renders the default colour mode, and hydration leaves the server's styles as they
  // are: the block hydrates in that mode, then shows the reader's once mounted (a plain update,
  // not the theme's remount, as no Prism has to run again).
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const {defaultMode} = useThemeConfig().colorMode;
  const mode = (isBrowser ? colorMode : defaultMode) === 'dark' ? 1 : 0;
  const wordWrap = useCodeWordWrap();
  return (
    // The theme's container, with its colour variables from the build rather than from the Prism theme.
    <div
      className={clsx(`language-${language}`, containerStyles.codeBlockContainer, ThemeClassNames.common.codeBlock)}
      style={mode ? variables.dark : variables.light}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.codeBlockContent}>
        <pre
          /* Focusable, so that a keyboard can scroll a long line of code. */
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx(`prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
          <code className={styles.codeBlockLines}>
            {lines.map((line, i) => (
              <span key={i} className="token-line" style={mode ? plain.dark : plain.light}>
                {line.map(([content, className, light, dark], j) => (
                  <span key={j} className={className} style={tokenStyles[mode ? dark : light]}>
                    {/* As the theme's line: a line holding only its line break renders empty. */}
                    {line.length === 1 && content === '\n' ? '' : content}
                  </span>
                ))}
                <br />
              </span>
            ))}
          </code>
        </pre>
        <div className={styles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton className={styles.codeButton} onClick={() => wordWrap.toggle()} isEnabled={wordWrap.isEnabled} />
          )}
          <CopyButton className={styles.codeButton} code={code} />
        </div>
      </div>
    </div>
  );
}
