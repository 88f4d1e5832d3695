/**
 * Each test file's setup under Stryker.
 * - test.concurrent runs as test does, one test at a time: jest-circus starts concurrent tests'
 *   bodies before their test_start event, so Stryker would count what they run as no test's.
 * - A model-checked property that fails stops there, without shrinking its counterexample: under
 *   Stryker a failure only has to be seen, not explained.
 */
const fc = require('fast-check');

test.concurrent = test;
fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
