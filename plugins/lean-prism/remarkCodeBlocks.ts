/**
 * Remark plugin (MDX 1): a doc with a code block (fenced or indented) imports
 * ./withCodeBlocks.ts, so that the code block component and Prism come with the pages
 * that show code and no others (see ./codeBlocks.ts).
 */
interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}

export const WITH_CODE_BLOCKS = '@site/plugins/lean-prism/withCodeBlocks';

const hasCodeBlock = (node: MdastNode): boolean => node.type === 'code' || (node.children ?? []).some(hasCodeBlock);

export default function remarkCodeBlocks() {
  return (tree: MdastNode): void => {
    if (!hasCodeBlock(tree)) return;
    tree.children = [{type: 'import', value: `import '${WITH_CODE_BLOCKS}';`}, ...(tree.children ?? [])];
  };
}
