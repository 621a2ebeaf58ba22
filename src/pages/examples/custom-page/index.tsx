import React from 'react';
import ApiDoc from '@theme/ApiDoc';
import useSpecData from '@theme/useSpecData';
import {getExample} from '@site/src/data/examples';

const example = getExample('using-custom-page');

/** The theme's ApiDoc component on a page of our own, titled from the spec. */
export default function CustomPage(): JSX.Element {
  const specProps = useSpecData('using-custom-page');
  const title = `${specProps.spec.info.title}: custom page`;
  return <ApiDoc specProps={specProps} layoutProps={{title, description: example.description}} />;
}
