'use strict';
// A small stand-in for the `side-channel` package, which qs uses to remember objects it has seen
// (cycle detection in stringify, overflow markers in parse). The original supports very old engines
// through `get-intrinsic`, `object-inspect` and friends: about 11 KB gzip in a browser bundle. Every
// browser we support has WeakMap and Map, which is all qs needs. vite.config.ts aliases `side-channel`
// to this file; Node (unit tests) keeps the original.
module.exports = function getSideChannel() {
  var weak = new WeakMap();
  var strong = new Map();
  function store(key) {
    return (typeof key === 'object' && key !== null) || typeof key === 'function' ? weak : strong;
  }
  return {
    assert: (key) => {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set: (key, value) => {
      store(key).set(key, value);
    },
  };
};
