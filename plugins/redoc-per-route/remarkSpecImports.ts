/**
 * Remark plugin (MDX 1) for docs that use ApiDocMdx or ApiSchema: adds an
 * import of each spec's data module, so that the page's own chunk carries the
 * specs it renders and no other page does.
 */
import {specDataModule} from './plugin';

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}

const SPEC_COMPONENT = /<(?:ApiDocMdx|ApiSchema)\b([^>]*)>/g;
const ID_PROP = /\bid\s*=\s*(?:"([^"]+)"|'([^']+)'|\{\s*["']([^"']+)["']\s*\})/;

export default function remarkSpecImports(options: {defaultSpecId: string}) {
  return (tree: MdastNode): void => {
    const ids = new Set<string>();
    const visit = (node: MdastNode): void => {
      if (node.type === 'jsx' && node.value) {
        for (const [, props] of node.value.matchAll(SPEC_COMPONENT)) {
          const match = ID_PROP.exec(props);
          ids.add(match?.[1] ?? match?.[2] ?? match?.[3] ?? options.defaultSpecId);
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
    const imports = [...ids].map((id) => ({type: 'import', value: `import '${specDataModule(id)}';`}));
    tree.children = [...imports, ...(tree.children ?? [])];
  };
}
