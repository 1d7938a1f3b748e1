/** Money as a form's box shows it: "250.00" reads as 250, "1999.50" as 1999.5. */
export const amountInput = (money: string) => String(Number(money))
