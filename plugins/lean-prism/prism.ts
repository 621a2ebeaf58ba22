// Prism for the site's code blocks: the core and the languages our pages use, in dependency order.
// The `.min.js` files on purpose: Redoc imports the plain component files onto its own Prism, and
// a module runs once per bundle, so sharing them would register each language on one Prism only.
import {restorePrismGlobal} from './prismGlobal';
import Prism from 'prismjs/components/prism-core.min.js';
import 'prismjs/components/prism-markup.min.js';
import 'prismjs/components/prism-clike.min.js';
import 'prismjs/components/prism-javascript.min.js';
import 'prismjs/components/prism-typescript.min.js';
import 'prismjs/components/prism-jsx.min.js';
import 'prismjs/components/prism-tsx.min.js';
import 'prismjs/components/prism-json.min.js';
import 'prismjs/components/prism-yaml.min.js';
import 'prismjs/components/prism-bash.min.js';
import 'prismjs/components/prism-diff.min.js';

restorePrismGlobal();

export default Prism;
