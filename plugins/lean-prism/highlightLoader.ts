/**
 * Webpack loader: a code file imported with `?highlight` becomes its Prism tokens, highlighted at
 * build time, for ./StaticCodeBlock.tsx. A page whose only code is fixed text (the home page's
 * snippet) then ships neither Prism nor the code block's highlighter: the tokens and their styles
 * in both colour modes are data, as prism-react-renderer would have made them in the browser.
 *
 * The language is the file's second extension: `config.ts.txt?highlight` is TypeScript.
 */
import path from 'node:path';
import Highlight, {type Language, type PrismTheme} from 'prism-react-renderer';
import type {CSSProperties} from 'react';
import Prism from './prism';

export interface LoaderOptions {
  /** The site's Prism themes (`themeConfig.prism`), the code block's colours in each colour mode. */
  themes: {light: PrismTheme; dark: PrismTheme};
}

/** A token: its text, its class names and the index of its style in `styles`, per colour mode. */
export type HighlightedToken = [content: string, className: string, light: number, dark: number];

export interface HighlightedCode {
  code: string;
  language: string;
  /** Each line's tokens; a line's own style is the theme's `plain` style. */
  lines: HighlightedToken[][];
  /** Every distinct style, shared by the tokens. */
  styles: (CSSProperties | undefined)[];
  /** Per colour mode: the lines' style, and the container's colour variables (as the theme's getPrismCssVariables). */
  plain: {light: CSSProperties; dark: CSSProperties};
  variables: {light: CSSProperties; dark: CSSProperties};
}

const prismVariables = ({plain}: PrismTheme): CSSProperties =>
  Object.fromEntries(
    [
      ['--prism-color', plain.color],
      ['--prism-background-color', plain.backgroundColor],
    ].filter(([, value]) => typeof value === 'string'),
  );

interface RenderArgs {
  tokens: {types: string[]; content: string; empty?: boolean}[][];
  getLineProps(input: {line: unknown}): {style?: CSSProperties};
  getTokenProps(input: {token: unknown}): {className: string; children: string; style?: CSSProperties};
}

/** What prism-react-renderer's <Highlight> hands its render function, computed outside React. */
function highlight(code: string, language: string, theme: PrismTheme): RenderArgs {
  let result: RenderArgs | undefined;
  const props = {Prism, code, language: language as Language, theme, children: (args: RenderArgs) => ((result = args), null)};
  // Its render method only calls `children`; no React renderer is involved.
  (new (Highlight as unknown as new (p: typeof props) => {render(): unknown})(props)).render();
  return result!;
}

export default function highlightLoader(this: {resourcePath: string; getOptions(): LoaderOptions}, source: string): string {
  const {themes} = this.getOptions();
  const language = path.extname(path.basename(this.resourcePath, path.extname(this.resourcePath))).slice(1);
  if (!Prism.languages[language]) {
    throw new Error(`${this.resourcePath}: no Prism language "${language}" (see plugins/lean-prism/prism.ts).`);
  }
  const code = source.replace(/\n$/, '');
  const light = highlight(code, language, themes.light);
  const dark = highlight(code, language, themes.dark);
  const styles: (CSSProperties | undefined)[] = [];
  const styleIndex = (style: CSSProperties | undefined): number => {
    const key = JSON.stringify(style ?? null);
    const found = styles.findIndex((known) => JSON.stringify(known ?? null) === key);
    return found >= 0 ? found : styles.push(style) - 1;
  };
  const lines = light.tokens.map((line, i) =>
    line.map((token, j): HighlightedToken => {
      const lightProps = light.getTokenProps({token});
      const darkProps = dark.getTokenProps({token: dark.tokens[i]![j]});
      return [lightProps.children, lightProps.className, styleIndex(lightProps.style), styleIndex(darkProps.style)];
    }),
  );
  const plain = {
    light: light.getLineProps({line: light.tokens[0]}).style ?? {},
    dark: dark.getLineProps({line: dark.tokens[0]}).style ?? {},
  };
  const variables = {light: prismVariables(themes.light), dark: prismVariables(themes.dark)};
  const result: HighlightedCode = {code, language, lines, styles, plain, variables};
  return `export default ${JSON.stringify(result)};`;
}
