// Imported by each Markdown page with a code block (see ./codeBlocks.ts): brings CodeBlock, and Prism with it.
import CodeBlock from '@theme/CodeBlock';
import {registerCodeBlock} from './codeBlocks';

registerCodeBlock(CodeBlock);
