import { describe, expect, it } from "vitest";
import { clientWith, renderWith as render, textOf as text } from "@/components/shell/cached-queries.testing";
import { issuedCardsQuery } from "@/lib/client/cards";
import { customerContactQuery } from "@/lib/client/customers";
import { BffError } from "@/lib/client/fetcher";
import type { IssuedCardList } from "@/lib/contracts/cards";
import { CurrentContact } from "./current-contact";
import { IssuedCards } from "./issued-cards";

const failure = new BffError(500, "internal_error", "The database did not answer.");

const cards: IssuedCardList = {
  cards: [
    {
      id: 1,
      customer_id: "cus_1",
      outcome: "issued",
      card_id: "card_001",
      card_last4: "4242",
      staff_name: "Ada Obi",
      staff_email: "ada.obi@example.com",
      issued_at: "2026-03-01T09:00:00Z",
      request_id: "req-1",
    },
  ],
};

describe("the customer page's parts after a failed read", () => {
  it("issued cards: the cards read before stay, with a line saying the refresh failed", () => {
    const markup = render(
      clientWith([{ queryKey: issuedCardsQuery("cus_1").queryKey, data: cards, error: failure }]),
      <IssuedCards customerId="cus_1" />,
    );
    expect(markup).toContain("card_001");
    expect(text(markup)).toContain("by Ada Obi (ada.obi@example.com)");
    expect(text(markup)).toContain("Could not refresh: The database did not answer.");
  });

  it("issued cards never read: says what failed, and offers Try again", () => {
    const markup = render(
      clientWith([{ queryKey: issuedCardsQuery("cus_1").queryKey, error: failure }]),
      <IssuedCards customerId="cus_1" />,
    );
    expect(markup).toContain('role="alert"');
    expect(text(markup)).toContain("The issued cards could not be loaded: The database did not answer.");
    expect(text(markup)).toContain("Try again");
  });

  it("saved contact details never read: says what failed, and offers Try again", () => {
    const markup = render(
      clientWith([{ queryKey: customerContactQuery("cus_1").queryKey, error: failure }]),
      <CurrentContact customerId="cus_1" />,
    );
    expect(text(markup)).toContain("The saved contact details could not be loaded: The database did not answer.");
    expect(text(markup)).toContain("Try again");
  });

  it("saved contact details read before: they stay, with the line", () => {
    const contact = {
      customer_id: "cus_1",
      email: "customer@example.com",
      email_updated_at: "2026-03-01T09:00:00Z",
      phone_number: null,
      phone_updated_at: null,
      updated_at: "2026-03-01T09:00:00Z",
      updated_by: "ada.obi@example.com",
    };
    const markup = render(
      clientWith([{ queryKey: customerContactQuery("cus_1").queryKey, data: contact, error: failure }]),
      <CurrentContact customerId="cus_1" />,
    );
    expect(markup).toContain("customer@example.com");
    expect(text(markup)).toContain("Could not refresh: The database did not answer.");
  });
});
