"""Small caption sets for the suite's golden values (tests/golden/make_caption_golden.py runs
pycocoevalcap 1.2 on them): tokenizer quirks and the scorers' edge cases. Written for these tests."""

# Captions that exercise the PTB tokenizer: clitics, quotes, brackets, currency, abbreviations,
# acronyms before a capitalized word, URLs, numbers, dashes, ellipses, Unicode, empty lines.
TOKENIZER_TEXTS = [
    "It's a dog's life, isn't it?",
    "Can't stop; won't stop!",
    "A cat (black) sits on a [blue] mat {indoors}.",
    "Tickets cost \u00a320-\u00a325 or \u20ac30, about \u00a330-35 each.",
    "Soldiers of the U.S. Army walk by.",
    "They met in the U.S. The next day they left.",
    "Mr. Smith's caf\u00e9 opens at 3.5 p.m. on Jan. 5",
    'He said "hello" \u2014 then left\u2026',
    "Visit www.example.com/page or write to someone@example.org today",
    "About 1,000 people came on 12/25/2020 at 10:30",
    "a/b testing @home with #friends",
    "We're gonna wanna know; you gotta see. I cannot say.",
    "'Twas a cold night and 'tis so still",
    "rock 'n' roll music from the '90s",
    "Writing C++ and C# code, f# too",
    "Add \u00bd cup of flour and \u00be of sugar",
    "   ",
    "",
    "!!!",
    "...",
    "A man with a bag\nand a hat",
    "Smiling \U0001f600 at the camera",
    "\u00c9COLE sign near the \u00d1and\u00fa statue",
    "A twenty-one-year-old--maybe older--man",
    "Pty. Ltd. and Co. Ltd. offices",
    "The letter Z. Then nothing",
    "It costs $5.99 (approx.) at O'Neil's",
    "Dr. J. R. R. Tolkien wrote it",
    "Phone (555) 123-4567 now",
    "<b>bold</b> &amp; &quot;quoted&quot; text",
    "Numbers like 3 1/2 and 23 3/4 St.",
    "The end of a line ends with etc.",
    "Another caption starts Here.",
]

# Caption sets for the scorers: (candidates, references per image).
SCORER_CASES = {
    "exact_and_partial": (
        ["a man riding a horse on a beach", "two dogs play in the snow", "a plate of food"],
        [
            ["a man riding a horse on a beach", "a person rides a brown horse near the sea"],
            ["two brown dogs playing in snow", "dogs running through the snow", "a pair of dogs in winter"],
            ["a plate with pasta and salad", "food served on a white plate"],
        ],
    ),
    "empty_and_short": (
        ["", "dog", "a a a a a", "the the the"],
        [
            ["a cat on a sofa", "a sleeping cat"],
            ["a dog", "the dog barks"],
            ["a bird in a tree"],
            ["", "the end"],
        ],
    ),
    "one_reference_each": (
        ["a red bus on the street", "people walking in a park", "a bowl of fruit on a table", "a train at the station"],
        [["a red double decker bus"], ["a group of people walking in a park"], ["fruit in a bowl"], ["a train"]],
    ),
    "punctuation_and_case": (
        ["A Man, riding; a HORSE!!", "Two (small) dogs -- playing.", "It's a cat's toy."],
        [
            ["a man is riding a horse.", "A MAN ON A HORSE"],
            ["two small dogs are playing", "Dogs (two) play."],
            ["it is a toy for a cat", "the cat's toy"],
        ],
    ),
    "repeated_references": (
        ["a kite in the sky", "a kite in the sky", "kites flying"],
        [
            ["a kite flying in the blue sky", "a kite in the sky"],
            ["a kite flying in the blue sky", "a kite in the sky"],
            ["a kite flying in the blue sky", "a kite in the sky"],
        ],
    ),
}
