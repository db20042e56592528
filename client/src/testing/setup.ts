import { configure } from '@testing-library/react';

// Screens are lazy-loaded; on a busy 2-core CI machine the first import of one can take seconds.
// Waiting longer for what a person would eventually see keeps the tests about behaviour, not speed.
configure({ asyncUtilTimeout: 10_000 });
