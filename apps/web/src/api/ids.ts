/** An id read from an address is worth asking the server about: a whole number above zero. */
export const validId = (id: number) => Number.isInteger(id) && id > 0;
