/**
 * The libraries Redoc 2.1.4 is built on that cost most to run the first time: run before Redoc, in
 * a task of their own (./redocChunks.js). Exported, not only imported: they declare no side effects,
 * and webpack leaves out a module of that kind that is imported for its side effects alone.
 */
import * as mobx from 'mobx';
import * as mobxReact from 'mobx-react';
import * as styledComponents from 'styled-components';
import * as polished from 'polished';
import * as dompurify from 'dompurify';
import * as openapiSampler from 'openapi-sampler';
import * as reactTabs from 'react-tabs';
import * as perfectScrollbar from 'perfect-scrollbar';

export default [mobx, mobxReact, styledComponents, polished, dompurify, openapiSampler, reactTabs, perfectScrollbar];
