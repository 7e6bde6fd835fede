/**
 * The demo catalogue: ten topics of different categories, each with a bank of multiple-choice and numeric
 * questions. The seeder schedules 3–5 of a topic's questions each day it runs; a question reused on a later
 * day is imported (linked) to its first appearance, so those days share results.
 */

export type DemoOption = string | { text: string; icon?: string };

export type DemoQuestion =
  | { type: 'multiple_choice'; text: string; options: DemoOption[] }
  | { type: 'numeric'; text: string; unit: string; min: number; max: number; typical: number };

export type DemoTopic = { title: string; description: string; category: string; questions: DemoQuestion[] };

const mc = (text: string, options: DemoOption[]): DemoQuestion => ({
  type: 'multiple_choice',
  text,
  options,
});
const num = (text: string, unit: string, min: number, max: number, typical: number): DemoQuestion => ({
  type: 'numeric',
  text,
  unit,
  min,
  max,
  typical,
});

export const DEMO_TOPICS: DemoTopic[] = [
  {
    title: 'Morning Rituals',
    description: 'How the day really starts',
    category: 'Lifestyle',
    questions: [
      mc('How do you take your tea?', [
        { text: 'Black', icon: '🫖' },
        { text: 'With milk', icon: '🥛' },
        { text: 'With milk and sugar', icon: '🍬' },
        { text: 'Rooibos all the way', icon: '🌿' },
        { text: "I'm a coffee person", icon: '☕' },
      ]),
      num('How many cups of tea or coffee do you drink a day?', 'cups', 0, 15, 3),
      mc('What time do you usually wake up on a weekday?', [
        'Before 5 AM',
        '5-6 AM',
        '6-7 AM',
        '7-8 AM',
        'After 8 AM',
      ]),
      num('How long is your morning routine?', 'minutes', 5, 180, 45),
      mc('Do you make your bed every morning?', ['Always', 'Most days', 'Rarely', 'Never']),
      mc("What's the first thing you check on your phone?", [
        'Messages',
        'Social media',
        'News',
        'Email',
        "I don't check it first",
      ]),
    ],
  },
  {
    title: 'Braai & Bites',
    description: 'Food fights, settled by the community',
    category: 'Food & Drink',
    questions: [
      mc('Best meat for the braai?', [
        { text: 'Boerewors', icon: '🌭' },
        { text: 'Lamb chops', icon: '🍖' },
        { text: 'Chicken', icon: '🍗' },
        { text: 'Steak', icon: '🥩' },
        { text: 'Sosaties', icon: '🍢' },
      ]),
      num('How much do you spend on takeaways a week?', 'ZAR', 0, 3000, 350),
      mc('Pineapple on pizza?', ['Yes, absolutely', 'Only sometimes', 'Never']),
      mc('Favourite comfort food?', [
        'Pap and vleis',
        'Bunny chow',
        'Mac and cheese',
        'Pizza',
        'Two-minute noodles',
      ]),
      num('How many times a week do you cook at home?', 'times', 0, 21, 6),
      mc('Best time for a braai?', [
        'Saturday afternoon',
        'Sunday lunch',
        'Any weeknight',
        'Public holidays',
      ]),
    ],
  },
  {
    title: 'Tech Talk',
    description: 'Phones, apps and the robots',
    category: 'Technology',
    questions: [
      num('How many hours a day do you spend on your phone?', 'hours', 0, 24, 5),
      mc('Which app could you not live without?', ['WhatsApp', 'TikTok', 'Instagram', 'X', 'YouTube']),
      mc('iPhone or Android?', [
        { text: 'iPhone', icon: '🍏' },
        { text: 'Android', icon: '🤖' },
        { text: 'Something else', icon: '📱' },
      ]),
      mc('Would you trust a self-driving taxi?', ['Yes', 'Maybe in a few years', 'Never']),
      num('How many unread emails do you have right now?', 'emails', 0, 100000, 300),
      mc('Do you use AI chatbots at work or school?', ['Every day', 'Sometimes', 'Tried it once', 'Never']),
    ],
  },
  {
    title: 'Money Matters',
    description: 'Saving, spending and stokvels',
    category: 'Finance',
    questions: [
      num('What share of your income do you save each month?', '%', 0, 100, 10),
      mc('Cash or card?', ['Mostly cash', 'Mostly card', 'Phone payments', 'A mix']),
      mc('Biggest money worry?', [
        'Rising prices',
        'Debt',
        'Job security',
        'Saving for the future',
        'Supporting family',
      ]),
      mc('Would you join a stokvel?', ['Already in one', 'Yes', 'Maybe', 'No']),
      num('How much would you spend on a pair of sneakers?', 'ZAR', 0, 10000, 1200),
      mc('Do you stick to a monthly budget?', ['Always', 'Mostly', 'I try', 'What budget?']),
    ],
  },
  {
    title: 'Game Day',
    description: 'Sport, fans and bragging rights',
    category: 'Sport',
    questions: [
      mc('Which sport do you follow most?', [
        { text: 'Football', icon: '⚽' },
        { text: 'Rugby', icon: '🏉' },
        { text: 'Cricket', icon: '🏏' },
        { text: 'Netball', icon: '🏐' },
        { text: "I don't follow sport", icon: '🙅' },
      ]),
      num('How many live matches have you attended this year?', 'matches', 0, 100, 2),
      mc('Will the Springboks win the next Rugby World Cup?', [
        'Definitely',
        'Probably',
        "It's a toss-up",
        'Unlikely',
      ]),
      mc('How do you watch the big games?', [
        'At home',
        'At a pub',
        'With friends',
        'At the stadium',
        "I don't",
      ]),
      num('How many minutes do you exercise a day?', 'minutes', 0, 300, 30),
      mc('Greatest South African sporting moment?', [
        '1995 Rugby World Cup',
        '2010 FIFA World Cup',
        '2019 Rugby World Cup',
        'Olympic gold in Rio',
      ]),
    ],
  },
  {
    title: 'Wanderlust',
    description: 'Trips taken and dreamed of',
    category: 'Travel',
    questions: [
      mc('Dream holiday?', [
        { text: 'Beach', icon: '🏖️' },
        { text: 'Safari', icon: '🦁' },
        { text: 'City break', icon: '🏙️' },
        { text: 'Mountains', icon: '⛰️' },
        { text: 'Road trip', icon: '🚗' },
      ]),
      num('How many countries have you visited?', 'countries', 0, 195, 3),
      mc('Window or aisle seat?', ['Window', 'Aisle', 'Middle - I like people']),
      num('How far would you drive for a weekend away?', 'km', 0, 2000, 250),
      mc('Best local holiday spot?', ['Cape Town', 'Durban', 'Kruger Park', 'Drakensberg', 'Garden Route']),
      mc('Do you pack light?', ['Carry-on only', 'One suitcase', 'Everything I own']),
    ],
  },
  {
    title: 'Screen Time',
    description: 'Series, songs and stories',
    category: 'Entertainment',
    questions: [
      mc('Binge a series or one episode at a time?', ['Binge all the way', 'A few at a time', 'One a week']),
      num('How many hours of TV or streaming do you watch a week?', 'hours', 0, 100, 12),
      mc('Favourite music genre?', [
        { text: 'Amapiano', icon: '🎹' },
        { text: 'Hip hop', icon: '🎤' },
        { text: 'Gospel', icon: '🙏' },
        { text: 'Rock', icon: '🎸' },
        { text: 'House', icon: '🎧' },
      ]),
      mc('Books or podcasts?', ['Books', 'Podcasts', 'Both', 'Neither']),
      num('How many movies did you watch last month?', 'movies', 0, 60, 4),
      mc('Cinema or couch?', ['Cinema', 'Couch', 'Depends on the movie']),
    ],
  },
  {
    title: 'Healthy Habits',
    description: 'Sleep, water and steps',
    category: 'Health',
    questions: [
      num('How many hours do you sleep a night?', 'hours', 0, 14, 7),
      num('How many glasses of water did you drink yesterday?', 'glasses', 0, 20, 5),
      mc('Gym, run or walk?', ['Gym', 'Running', 'Walking', 'Yoga', 'None of these']),
      mc('How do you manage stress?', [
        'Exercise',
        'Music',
        'Talking to friends',
        'Prayer or meditation',
        "I don't",
      ]),
      mc('Do you take vitamins?', ['Every day', 'Sometimes', 'Never']),
      num('How many steps did you walk yesterday?', 'steps', 0, 50000, 6000),
    ],
  },
  {
    title: 'Work Life',
    description: 'Commutes, meetings and side hustles',
    category: 'Work',
    questions: [
      mc('Remote, office or hybrid?', [
        'Fully remote',
        'Hybrid',
        'Office every day',
        'Not working right now',
      ]),
      num('How long is your commute, one way?', 'minutes', 0, 240, 40),
      mc('Would you take a 4-day week for 10% less pay?', ['Yes', 'No', 'Depends']),
      mc('Best workplace perk?', [
        'Flexible hours',
        'Medical aid',
        'Free lunch',
        'Training budget',
        'Extra leave',
      ]),
      num('How many meetings did you have yesterday?', 'meetings', 0, 20, 3),
      mc('Do you have a side hustle?', ['Yes, and it pays', 'Yes, just for fun', 'Planning one', 'No']),
    ],
  },
  {
    title: 'Green Living',
    description: 'Power, water and the planet',
    category: 'Environment',
    questions: [
      mc('Do you recycle at home?', ['Always', 'Sometimes', 'Never', 'No recycling where I live']),
      num('How many hours without power can you handle before losing it?', 'hours', 0, 24, 4),
      mc('Solar panels at home?', [
        { text: 'Already have them', icon: '☀️' },
        { text: 'Planning to', icon: '📝' },
        { text: "Can't afford them", icon: '💸' },
        { text: 'Not interested', icon: '🤷' },
      ]),
      mc('Biggest environmental worry?', [
        'Water shortages',
        'Pollution',
        'Climate change',
        'Plastic waste',
        'Loss of wildlife',
      ]),
      num('How many plastic bags did you buy last month?', 'bags', 0, 100, 6),
      mc('Would you drive an electric car?', ['Yes, when prices drop', 'I already do', 'No']),
    ],
  },
];

/** Where the demo community lives: country → cities. */
export const DEMO_PLACES: ReadonlyArray<{ country: string; cities: string[]; weight: number }> = [
  {
    country: 'South Africa',
    cities: ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha', 'Bloemfontein'],
    weight: 60,
  },
  { country: 'Nigeria', cities: ['Lagos', 'Abuja'], weight: 8 },
  { country: 'Kenya', cities: ['Nairobi', 'Mombasa'], weight: 6 },
  { country: 'Botswana', cities: ['Gaborone'], weight: 4 },
  { country: 'United Kingdom', cities: ['London', 'Manchester'], weight: 6 },
  { country: 'United States', cities: ['New York', 'Atlanta'], weight: 4 },
  { country: 'Ghana', cities: ['Accra'], weight: 3 },
  { country: 'Australia', cities: ['Sydney', 'Perth'], weight: 3 },
];
