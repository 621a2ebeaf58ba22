/**
 * Wrapped `@theme/MDXComponents`: the theme's own, plus a Markdown table that a keyboard can
 * scroll.
 */
import MDXComponents from '@theme-original/MDXComponents';
import MDXTable from './Table';

export default {...MDXComponents, table: MDXTable};
