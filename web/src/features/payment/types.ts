// The payment feature's shared types: what the editor hands to the payment modal.

/** A pending pixel to buy: isDefault = the artist's colour (1.00 USD), else a custom colour (2.00 USD). */
export interface PendingPixel {
  x: number;
  y: number;
  color: string;
  isDefault: boolean;
}

export interface PendingPurchase {
  canvasIndex: number;
  boardIndex: number;
  pixels: PendingPixel[];
}

export interface PaymentResult {
  paymentIntentId: string;
  pixels: PendingPixel[];
}
