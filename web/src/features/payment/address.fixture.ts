// Test data shared by the payment tests: one complete, valid US billing address in the form's shape.
export const ALBANY_ADDRESS = {
  line1: '1 Main St',
  line2: '',
  city: 'Albany',
  state: 'NY',
  postal_code: '12207',
  country: 'US',
};
